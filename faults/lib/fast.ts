/**
 * FAULTS_FAST=1: the quick form of a scenario, for the fault step of `npm test`
 * (scripts/validate.mjs): the same faults and the same checks, over a shorter load and fewer
 * items, so that a scenario that no longer runs is seen on every change. Its figures are not
 * the round's: a fast run does not write docs/reliability.md.
 */
export const FAST = process.env.FAULTS_FAST === '1';

/** `full` normally, `fast` under FAULTS_FAST=1. */
export const sized = <T>(full: T, fast: T): T => (FAST ? fast : full);
