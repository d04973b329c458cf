import type { Metadata } from "next";
import Link from "@/components/ui/Link";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { config } from "@/lib/config";
import { REFERRAL_REWARD_DAYS } from "@/lib/domain/constants";

export const metadata: Metadata = { title: "用户协议", description: "量化学堂用户协议：账号、会员服务、付费与退款、用户内容与隐私。" };

export default function TermsPage() {
  const { siteName, supportEmail } = config();
  const h2 = "text-lg font-semibold text-slate-900";
  return (
    <article className="mx-auto max-w-3xl">
      <PageIntro title="用户协议" />
      <Card className="space-y-4 text-[15px] leading-7 text-slate-700">
        <p>欢迎使用{siteName}。注册或使用本平台即表示您已阅读并同意本协议。如不同意，请停止使用。</p>
        <h2 className={h2}>一、账号</h2>
        <p>您可以使用邮箱或手机号注册。请妥善保管账号与密码，不得出借、转让或与他人共享账号；因保管不善造成的损失由您自行承担。发现账号被盗用，请立即联系客服。</p>
        <h2 className={h2}>二、会员服务</h2>
        <p>本平台提供普通会员、VIP 与 SVIP 三个等级，各等级可查看的内容以<Link className="text-brand underline" href="/price">会员价格</Link>页面的说明为准。同一等级的多次购买按顺序累加有效期；持有更高等级期间，较低等级的剩余天数不会浪费，将在高等级到期后继续生效。</p>
        <h2 className={h2}>三、付费、续费与退款</h2>
        <p>季卡与年卡为一次性购买；月卡可选择自动续费，您可随时在“自动续费与邮件订阅”页面取消，取消后已付费期间仍可正常使用。支付成功后会员权益即时生效。因数字内容的特殊性，已生效的会员原则上不予退款；重复扣款或系统原因导致的错误扣款，我们将核实后全额退回。退款完成后，对应的会员天数同时失效。</p>
        <h2 className={h2}>四、邀请奖励</h2>
        <p>通过会员邀请链接注册的新用户可获得 {REFERRAL_REWARD_DAYS} 天 SVIP。每位新用户、每台设备仅可领取一次，不可邀请自己。存在批量注册等异常情形的奖励将进入人工审核，经核实为滥用的，本平台有权不予发放或收回。</p>
        <h2 className={h2}>五、使用规范</h2>
        <p>付费内容仅供您本人学习使用，不得以任何形式复制、转载、出售或向他人提供。不得使用爬虫等自动化手段批量获取内容，不得干扰平台正常运行。发布的博客不得包含违法违规、荐股诱导、虚假宣传或侵犯他人权益的内容。</p>
        <h2 className={h2}>六、隐私</h2>
        <p>我们仅收集提供服务所必需的信息（邮箱或手机号、昵称、登录与支付记录、为防止奖励滥用而使用的设备指纹），不会出售您的个人信息。银行卡信息由支付服务商处理，本平台不保存完整卡号。</p>
        <h2 className={h2}>七、免责</h2>
        <p>平台内容仅供学习参考，不构成投资建议，详见<Link className="text-brand underline" href="/disclaimer">免责声明</Link>。</p>
        <h2 className={h2}>八、联系我们</h2>
        <p>如对本协议有任何疑问，请联系 <a className="text-brand underline" href={`mailto:${supportEmail}`}>{supportEmail}</a>。</p>
      </Card>
    </article>
  );
}
