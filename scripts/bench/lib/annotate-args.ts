/** bench:annotate's command line: `[pairs] [--processes N] [--instances M] [--ceiling]`. */

export interface FleetArgs {
  pairs: number | null;
  processes: number | null;
  instances: number | null;
  ceiling: boolean;
}

const usage = 'Usage: npm run bench:annotate -- [pairs] [--processes N] [--instances M] [--ceiling]';

export function parseFleetArgs(argv: readonly string[]): FleetArgs {
  const args: FleetArgs = { pairs: null, processes: null, instances: null, ceiling: false };
  const count = (flag: string, value: string | undefined) => {
    if (!value || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64)
      throw new Error(`${flag} needs a whole number from 1 to 64 (got ${value ?? 'nothing'}). ${usage}`);
    return Number(value);
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--processes') args.processes = count(arg, argv[++i]);
    else if (arg === '--instances') args.instances = count(arg, argv[++i]);
    else if (arg === '--ceiling') args.ceiling = true;
    else if (/^\d+$/.test(arg) && args.pairs === null) args.pairs = Number(arg);
    else throw new Error(`bench:annotate does not know ${arg}. ${usage}`);
  }
  return args;
}
