/**
 * Progress of a model run: windows done, tokens in and out, throughput and an ETA. The ETA uses
 * the measured prefill and decode rates separately, since on a CPU they differ by ~10x.
 */
import type { RunProgress } from '../../../../shared/ipc/contract';

export type ModelRunProgress = Omit<RunProgress, 'runId'>;

const MIN_INTERVAL_MS = 250;

export class RunMeter {
  tokensIn = 0;
  tokensOut = 0;
  windowsDone = 0;
  private prefillMs = 0;
  private decodeMs = 0;
  private readonly started = performance.now();
  private lastEmit = 0;
  private stage = 'starting';

  constructor(
    private readonly totalPromptTokens: number,
    private readonly windowsTotal: number,
    private readonly expectedOutPerWindow: number,
    private readonly emit?: (p: ModelRunProgress) => void,
  ) {}

  setStage(stage: string): void {
    this.stage = stage;
    this.publish(true);
  }

  prefilled(tokens: number, ms: number): void {
    this.tokensIn += tokens;
    this.prefillMs += ms;
    this.publish(false);
  }

  decoded(ms: number): void {
    this.tokensOut++;
    this.decodeMs += ms;
    this.publish(false);
  }

  windowDone(): void {
    this.windowsDone++;
    this.publish(true);
  }

  snapshot(): ModelRunProgress {
    const seconds = (performance.now() - this.started) / 1000;
    const work = this.tokensIn + this.tokensOut;
    return {
      stage: this.stage,
      windowsDone: this.windowsDone,
      windowsTotal: this.windowsTotal,
      tokensIn: this.tokensIn,
      tokensOut: this.tokensOut,
      tokensPerSecond: seconds > 0 ? work / seconds : 0,
      etaSeconds: this.eta(),
    };
  }

  private eta(): number | null {
    if (this.windowsDone >= this.windowsTotal) return 0;
    if (this.tokensIn === 0 || this.prefillMs === 0 || this.tokensOut === 0 || this.decodeMs === 0) return null;
    const msPerIn = this.prefillMs / this.tokensIn;
    const msPerOut = this.decodeMs / this.tokensOut;
    const outPerWindow = this.windowsDone > 0 ? this.tokensOut / this.windowsDone : this.expectedOutPerWindow;
    const outLeft = Math.max(0, outPerWindow * this.windowsTotal - this.tokensOut);
    const inLeft = Math.max(0, this.totalPromptTokens - this.tokensIn);
    return (inLeft * msPerIn + outLeft * msPerOut) / 1000;
  }

  private publish(force: boolean): void {
    if (!this.emit) return;
    const now = performance.now();
    if (!force && now - this.lastEmit < MIN_INTERVAL_MS) return;
    this.lastEmit = now;
    this.emit(this.snapshot());
  }
}
