/** Imports the ES module at a file URL (importFile.cjs). */
export declare function importFile(url: string): Promise<unknown>;
