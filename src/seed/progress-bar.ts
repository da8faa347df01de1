import { Presets, SingleBar } from 'cli-progress';
import { SeedProgress } from './seeder';

/**
 * A progress bar on stderr when it is a terminal; otherwise one line per tenth, so logs of CI or
 * of `npm run bench` piped to a file stay short.
 */
export function seedProgressBar(stream: NodeJS.WriteStream = process.stderr): SeedProgress {
  if (stream.isTTY) {
    const bar = new SingleBar(
      { format: 'seeding {bar} {percentage}% | {value}/{total} rows | {phase} | {duration}s, eta {eta}s', stream, hideCursor: true },
      Presets.shades_classic,
    );
    return {
      start: (total) => bar.start(total, 0, { phase: 'media' }),
      update: (done, phase) => bar.update(done, { phase }),
      stop: () => bar.stop(),
    };
  }
  let total = 0;
  let reported = -1;
  const started = Date.now();
  return {
    start: (rows) => {
      total = rows;
    },
    update: (done, phase) => {
      const tenth = total ? Math.floor((done / total) * 10) : 10;
      if (tenth === reported) return;
      reported = tenth;
      stream.write(`seeding: ${tenth * 10}% (${done}/${total} rows, ${phase}, ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    },
    stop: () => undefined,
  };
}
