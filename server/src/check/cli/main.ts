// Entry of `scripts/check-cli`: one module per subcommand, loaded on demand so each command pays only for what it uses.
/** A subcommand: parses its own options and resolves with the process exit code. */
export interface CliCommand {
  summary: string;
  run(args: string[]): Promise<number>;
}

const COMMANDS: Record<string, () => Promise<CliCommand>> = {
  aigc: async () => (await import('./aigc-command.js')).aigcCommand,
  'aigc-calibrate': async () => (await import('./aigc-calibrate-command.js')).aigcCalibrateCommand,
  align: async () => (await import('./align-command.js')).alignCommand,
  report: async () => (await import('./report-command.js')).reportCommand,
};

function usage(): string {
  return ['Usage: scripts/check-cli <command> [options]', '', 'Commands:', ...Object.keys(COMMANDS).map((name) => `  ${name}`)].join('\n');
}

/** Runs one CLI invocation; resolves with the exit code (2 for bad usage). */
export async function runCli(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || !COMMANDS[name]) {
    process.stderr.write(`${usage()}\n`);
    return name && name !== '--help' && name !== '-h' ? 2 : 0;
  }
  let command: CliCommand;
  try {
    command = await COMMANDS[name]();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' || (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') {
      process.stderr.write(`The "${name}" command is not available in this build.\n`);
      return 2;
    }
    throw error;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
}
