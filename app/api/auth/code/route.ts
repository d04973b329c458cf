import { NextResponse } from "next/server";

/** One-time-code login arrives with the accounts issue; until then the dialog says so plainly. */
export async function POST() {
  return NextResponse.json({ message: "验证码登录暂未开通，请使用密码登录" }, { status: 501 });
}
