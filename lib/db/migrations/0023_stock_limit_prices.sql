-- 交割单体检 (docs/adr/0079): the exchange's limit prices of each day as the provider states them (Tushare stk_limit),
-- judged instead of the limits computed from the rules where they are known.
CREATE TABLE "stock_limits" (
	"code" text NOT NULL,
	"trade_date" date NOT NULL,
	"up_limit" numeric(14, 3) NOT NULL,
	"down_limit" numeric(14, 3) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "stock_limits_code_trade_date_pk" PRIMARY KEY("code","trade_date")
);
