/** Types for run-operator-commands.cjs. */
export function operatorCommands(commands: string[][], env: Record<string, string>): string;
