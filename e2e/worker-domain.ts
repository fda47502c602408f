import { test } from '@playwright/test';
import { E2E_DOMAINS } from './playwright.config';

/**
 * The domain of a Playwright worker: the launcher (server.mjs) creates one per worker, each with its
 * own `admin`, so tests of different workers never see each other's records. Workers are numbered
 * by their parallel index, which a replacement worker (after a failure) takes over.
 */
export function domainOfWorker(parallelIndex: number): string {
  const domain = E2E_DOMAINS[parallelIndex];
  if (!domain) {
    throw new Error(
      `Worker ${parallelIndex} has no domain: the server has ${E2E_DOMAINS.length}. Set the worker count with E2E_WORKERS, not --workers.`,
    );
  }
  return domain;
}

/** The domain of the worker running the current test. */
export function workerDomain(): string {
  return domainOfWorker(test.info().parallelIndex);
}

/** `username@domain` in the current worker's domain (sign-in takes the domain after the @). */
export function inWorkerDomain(username: string): string {
  return username.includes('@') ? username : `${username}@${workerDomain()}`;
}
