/** Per-row warnings of one kind shown before the rest are only counted. */
const WARNING_CAP = 20;

export class WarningLog {
  readonly lines: string[] = [];
  private readonly counts = new Map<string, number>();
  add(group: string, text: string): void {
    const n = (this.counts.get(group) ?? 0) + 1;
    this.counts.set(group, n);
    if (n <= WARNING_CAP) this.lines.push(text);
  }
  note(text: string): void {
    this.lines.push(text);
  }
  finish(): string[] {
    for (const [group, n] of this.counts) {
      if (n > WARNING_CAP) this.lines.push(`另有 ${n - WARNING_CAP} 行${group}，未逐一列出。`);
    }
    return this.lines;
  }
}

export const yuan = (n: number) => n.toFixed(2);
