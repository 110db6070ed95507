// Child process for the lock tests: opens the embedded database in argv[2],
// prints "locked" and stays until killed, or prints "refused" and exits 3.
import { openDatabase } from '../../src/db/client';

try {
  await openDatabase({ dataDir: process.argv[2] });
  console.log('locked');
  setInterval(() => {}, 60_000);
} catch (err) {
  console.log(err instanceof Error && err.message.includes('em uso') ? 'refused' : String(err));
  process.exit(3);
}
