export declare const MAX_GZIPPED_BYTES: number;
export declare const BUNDLE_PATH: string;
export declare function buildElementsBundle(options?: { write?: boolean }): Promise<{ code: string; bytes: number; gzippedBytes: number }>;
