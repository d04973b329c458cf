/** A market-data file that cannot be read at all; `message` is Chinese for the UI. */
export class MarketDataRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MarketDataRejected";
  }
}
