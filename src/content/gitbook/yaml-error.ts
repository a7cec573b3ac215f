/** Line (1-based, when known) and first message line of a YAML parse error, without yaml's "at line…" suffix. */
export function yamlErrorSummary(error: unknown): { line: number | undefined; reason: string } {
  const line = (error as { linePos?: { line: number }[] } | null)?.linePos?.[0]?.line;
  const message = error instanceof Error ? error.message : String(error);
  return { line, reason: (message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '') };
}
