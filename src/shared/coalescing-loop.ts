/**
 * Runs `work` one pass at a time. A kick during a pass schedules exactly one more pass, so
 * bursts of notifications (new mail, new outbox rows) collapse into a few passes.
 */
export class CoalescingLoop {
  private current: Promise<void> | null = null;
  private again = false;
  private halted = true;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  get stopped(): boolean {
    return this.halted;
  }

  start(): void {
    this.halted = false;
    this.kick();
  }

  kick(): void {
    if (this.halted) return;
    if (this.current) {
      this.again = true;
      return;
    }
    this.current = (async () => {
      do {
        this.again = false;
        try {
          await this.work();
        } catch (err) {
          this.onError(err);
        }
      } while (this.again && !this.halted);
    })().finally(() => {
      this.current = null;
    });
  }

  /** Resolves once no pass is running and none is queued. */
  async settled(): Promise<void> {
    while (this.current) await this.current;
  }

  /** Lets the pass in hand finish; no new pass starts. */
  async stop(): Promise<void> {
    this.halted = true;
    await this.current;
  }
}
