export declare const CONTRACT_URL: URL;
