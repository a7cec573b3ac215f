/** A target (space, spec) that failed, and the exit code its failure alone would give. */
export interface TargetFailure {
  target: string;
  error: string;
  code: string;
  /** The exit code this failure alone would give (auth, permission, unavailable…). */
  exitCode: number;
  /** The file at fault when the error names one (a page or asset by path in the docs root, a configuration file). */
  file?: string;
  /** Content warnings read before the failure (a space target whose docs were read). */
  warnings?: string[];
}
