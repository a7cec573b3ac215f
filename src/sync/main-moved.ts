/**
 * A sync planned from its state alone found main at another revision than the one its last merge
 * made (or another run's change request to use), or one that checked main for platform edits found
 * main moved since (its change request opened from a later revision, or main read again right before
 * an import into it): the platform may have changed pages since. Thrown once the change request it
 * created (if any) is saved in the state, so the sync runs again from what is live.
 */
export class MainMoved extends Error {
  /** `opened`: the change request this pass created, which the next pass finds in the state. */
  constructor(
    readonly found: string,
    readonly opened?: string,
  ) {
    super(`main is at revision ${found}, not the one this sync planned from: planning again from the live content`);
    this.name = 'MainMoved';
  }
}
