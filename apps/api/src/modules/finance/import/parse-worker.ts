// A worker thread of the bank-file import (import.service.ts): reads the files
// POST .../format receives, off the event loop, each within the pool's deadline.
import { serveTasks } from '../../../lib/worker-pool';
import { readStatement } from './statement';

serveTasks(readStatement);
