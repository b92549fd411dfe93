/** Types of scripts/lib/cli-bundle.mjs (plain Node, run before any TypeScript loads). */
export declare const bundleDir: string;
export declare function freshBundle(dir?: string): string | null;
export declare function buildBundle(dir?: string): Promise<string>;
export declare function cliBundle(options?: { log?: (line: string) => void; dir?: string }): Promise<string | null>;
