/**
 * The series definitions lightweight-charts exports, for the test doubles of the package (`jest.mock` factories
 * spread them): a series the double makes records its definition's `type`.
 */
export const SERIES_DEFINITIONS = {
  AreaSeries: { type: "Area" },
  BaselineSeries: { type: "Baseline" },
  CandlestickSeries: { type: "Candlestick" },
  HistogramSeries: { type: "Histogram" },
  LineSeries: { type: "Line" },
} as const;
