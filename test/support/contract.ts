import fs from 'node:fs';
import path from 'node:path';

/** The files of `contract/` (the public API written down once), as the drift tests read them. */

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const CONTRACT_DIR = path.join(REPO_ROOT, 'contract');

export interface ProblemCodeEntry {
  code: string;
  status: number;
  meaning: string;
}

export interface LocaleFallbackVector {
  name: string;
  map: Record<string, string> | null;
  locale: string | null;
  defaultLocale: string | null;
  expected: string;
}

function readContractJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(CONTRACT_DIR, file), 'utf8')) as T;
}

export const problemCodes = (): ProblemCodeEntry[] => readContractJson('problem-codes.json');
export const studioProblemCodes = (): ProblemCodeEntry[] => readContractJson('studio-problem-codes.json');
export const localeFallbackVectors = (): LocaleFallbackVector[] => readContractJson('locale-fallback-vectors.json');

/** Every `.ts` file under a folder of the repository, with its text. */
export function sourceFiles(folder: string): { file: string; text: string }[] {
  const root = path.join(REPO_ROOT, folder);
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file: path.join(folder, file), text: fs.readFileSync(path.join(root, file), 'utf8') }));
}
