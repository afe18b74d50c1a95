export declare const CONTRACT_URL: URL;
export declare const GENERATED_PATH: string;
export declare function generateWireTypes(): Promise<string>;
