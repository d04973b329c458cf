/** Chinese labels of the member administration. */
export const ROLE_LABELS = { member: "会员", editor: "编辑", admin: "管理员" } as const;
export const GRANT_SOURCE_LABELS = { admin: "管理员", purchase: "购买", subscription: "订阅", referral: "邀请奖励" } as const;
export const GRANT_STATE_LABELS = { active: "生效中", upcoming: "未开始", ended: "已结束" } as const;
export const REFERRAL_STATUS_LABELS = { granted: "已发放", held: "待审核", rejected: "已拒绝" } as const;
