/**
 * The generated command reference of docs/commands.md, from the commands' own help (through
 * commander's Help, so it says what `--help` says). `npm run docs:reference` rewrites it; a test
 * fails when the file differs.
 */
import type { Command, Option } from 'commander';
import { replaceGeneratedSection, tableCell as cell } from './generated-section.js';

/** The document with its generated command reference as `program` makes it. */
export function updateCommandReference(document: string, program: Command): string {
  return replaceGeneratedSection(document, 'docs/commands.md', 'command reference', 'npm run docs:reference', commandReference(program));
}

/** GitHub's anchor of a heading: lowercase, punctuation dropped, spaces as `-`. */
export function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** One line per command, then each command's usage, arguments and options. */
export function commandReference(program: Command): string {
  const commands = runnable(program);
  const help = program.createHelp();
  const index = [
    '| command | what it does |',
    '|---|---|',
    ...commands.map((command) => `| [\`${fullName(command)}\`](#${anchor(fullName(command))}) | ${cell(help.commandDescription(command))} |`),
  ];
  const details = commands.map((command) => {
    const rows = [
      ...help.visibleArguments(command).map((argument) => [help.argumentTerm(argument), help.argumentDescription(argument)] as const),
      ...help
        .visibleOptions(command)
        .filter((option: Option) => option.long !== '--help')
        .map((option) => [help.optionTerm(option), help.optionDescription(option)] as const),
    ];
    const table =
      rows.length === 0 ? [] : ['', '| argument or option | |', '|---|---|', ...rows.map(([term, description]) => `| \`${term}\` | ${cell(description)} |`)];
    return [`### ${fullName(command)}`, '', `\`${help.commandUsage(command)}\``, '', cell(help.commandDescription(command)), ...table].join('\n');
  });
  return [...index, '', ...details.flatMap((detail) => [detail, ''])].join('\n');
}

/** The commands that do something when run (a group's subcommands rather than the group). */
function runnable(command: Command): Command[] {
  return command.commands.flatMap((sub) => (sub.commands.length > 0 ? runnable(sub) : [sub]));
}

function fullName(command: Command): string {
  return command.parent ? `${fullName(command.parent)} ${command.name()}` : command.name();
}
