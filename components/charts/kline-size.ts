/**
 * Canvas height (price, volume and MACD panes) and the legend row above it, in px. In a module of their own because
 * the lazy chart's loading skeleton needs them in the page's first-load bundle: importing them from kline-data pulled the
 * whole chart model into that bundle.
 */
export const KLINE_DEFAULT_HEIGHT = 360;
export const KLINE_LEGEND_HEIGHT = 52;
