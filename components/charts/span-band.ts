/**
 * The round trip span as a shaded band behind the candles (a series primitive: it follows scrolling and zooming).
 * Types only from the library, so this module adds nothing to a bundle that does not draw charts.
 */
import type {
  IChartApiBase, IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesPrimitive, Logical, SeriesAttachedParameter, Time,
} from "lightweight-charts";

export class SpanBand implements ISeriesPrimitive<Time> {
  private chart: IChartApiBase<Time> | null = null;
  private readonly view: IPrimitivePaneView;

  /** `start`/`end`: bar indexes (inclusive); `openEnded`: no closing edge (the position is still open). */
  constructor(
    readonly start: number,
    readonly end: number,
    readonly fill: string,
    readonly edge: string,
    readonly openEnded = false,
  ) {
    const renderer: IPrimitivePaneRenderer = {
      draw: (target) => {
        const scale = this.chart?.timeScale();
        if (!scale) return;
        // Centres of the first and last bars (logicalToCoordinate takes whole bar indexes), widened by half a bar.
        const c1 = scale.logicalToCoordinate(this.start as Logical);
        const c2 = scale.logicalToCoordinate(this.end as Logical);
        const next = scale.logicalToCoordinate((this.start + 1) as Logical);
        if (c1 === null || c2 === null) return;
        const half = next === null ? 0 : Math.abs(next - c1) / 2;
        const x1 = Math.min(c1, c2) - half;
        const x2 = Math.max(c1, c2) + half;
        target.useBitmapCoordinateSpace(({ context, bitmapSize, horizontalPixelRatio }) => {
          const left = Math.round(Math.min(x1, x2) * horizontalPixelRatio);
          const right = Math.round(Math.max(x1, x2) * horizontalPixelRatio);
          const line = Math.max(1, Math.round(horizontalPixelRatio));
          context.fillStyle = this.fill;
          context.fillRect(left, 0, Math.max(line, right - left), bitmapSize.height);
          context.fillStyle = this.edge;
          context.fillRect(left, 0, line, bitmapSize.height);
          if (!this.openEnded) context.fillRect(right - line, 0, line, bitmapSize.height);
        });
      },
    };
    this.view = { zOrder: () => "bottom", renderer: () => renderer };
  }

  attached({ chart }: SeriesAttachedParameter<Time>): void {
    this.chart = chart;
  }

  detached(): void {
    this.chart = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }
}
