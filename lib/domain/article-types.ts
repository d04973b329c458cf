/** Article and video types of PRODUCT.md (`/info/{type}`), with their Chinese names. */
export const ARTICLE_TYPES = {
  case: "交易案例",
  interpret: "交割单解读",
  strategy: "策略分享",
  video: "教学视频",
  news: "市场资讯",
} as const;

export type ArticleType = keyof typeof ARTICLE_TYPES;

export function isArticleType(value: string): value is ArticleType {
  return Object.prototype.hasOwnProperty.call(ARTICLE_TYPES, value);
}
