/** A two-row statement (one buy, one sell of 贵州茅台) in the generic 成交 layout, as UTF-8 bytes for an import. */
export const ROUND_TRIP_CSV = [
  "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税",
  "20240102,09:35:00,600519,贵州茅台,证券买入,100,1700.00,170000.00,-170005.00,5.00,0.00",
  "20240103,10:01:00,600519,贵州茅台,证券卖出,100,1710.00,171000.00,170824.00,5.00,171.00",
].join("\n");

export const roundTripBytes = (csv = ROUND_TRIP_CSV): Uint8Array => new TextEncoder().encode(csv);
