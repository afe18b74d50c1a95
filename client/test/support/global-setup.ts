import type { TestProject } from 'vitest/node';
import { startStudioServer } from './studio-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** base URL of the real server the tests share (read-only: no test changes its data) */
    apiUrl: string;
  }
}

/** One real server for the whole run: every test reads, none writes. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startStudioServer();
  project.provide('apiUrl', server.url);
  return () => server.stop();
}
