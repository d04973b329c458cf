/**
 * Canvas height (price, volume and MACD panes) and the legend row above it, in px. A module of their own: the lazy
 * chart's placeholder needs them in the page's first-load bundle, where the chart model (kline-data) has no business.
 */
export const KLINE_DEFAULT_HEIGHT = 360;
export const KLINE_LEGEND_HEIGHT = 52;
