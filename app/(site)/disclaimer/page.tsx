import type { Metadata } from "next";
import { Card, PageIntro } from "@/components/content/PageIntro";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "免责声明", description: "量化学堂免责声明：平台内容仅供学习参考，不构成投资建议。" };

export default function DisclaimerPage() {
  const { siteName, supportEmail } = config();
  return (
    <article className="mx-auto max-w-3xl">
      <PageIntro title="免责声明" />
      <Card className="prose-article space-y-4 text-[15px] leading-7 text-slate-700">
        <p><strong>股市有风险，投资需谨慎。</strong>{siteName}（以下简称“本平台”）所有内容仅供学习参考，不构成任何投资建议，据此操作，风险自担。</p>
        <h2 className="text-lg font-semibold text-slate-900">一、内容性质</h2>
        <p>本平台展示的交割单、交易记录、排行榜、亏损追踪、量化策略及其净值与信号、文章、视频和会员博客，目的在于交易知识的学习与交流。本平台不是证券投资咨询机构，不提供证券投资咨询服务，不推荐任何具体证券，也不对任何证券的价格走势作出判断或承诺。</p>
        <h2 className="text-lg font-semibold text-slate-900">二、历史不代表未来</h2>
        <p>交割单和策略记录反映的是过去已经发生的交易。过往业绩不代表未来表现；回测结果未经过真实市场检验，本平台会明确标注“回测”，请勿将其视为实盘业绩。跟随他人买卖存在时间差、价格差和无法成交（如一字涨停）等情况，实际结果可能与展示结果差异很大。</p>
        <h2 className="text-lg font-semibold text-slate-900">三、数据来源与准确性</h2>
        <p>交割单来自交易者提供的券商导出文件或编辑录入，行情数据来自第三方。本平台尽力保证解析与计算准确，每项数字均可按公开规则复算，但不对数据的完整性、及时性和准确性作出保证。费用缺失时按成交日期适用的费率估算并标注“估算”。</p>
        <h2 className="text-lg font-semibold text-slate-900">四、用户内容</h2>
        <p>会员博客与评论仅代表作者个人观点，与本平台立场无关。发现违法违规或侵权内容，请联系 <a className="text-brand underline" href={`mailto:${supportEmail}`}>{supportEmail}</a>，我们将及时处理。</p>
        <h2 className="text-lg font-semibold text-slate-900">五、责任限制</h2>
        <p>您应独立判断并自行承担投资决策的全部风险。因使用或依赖本平台内容而产生的任何直接或间接损失，本平台在法律允许的范围内不承担责任。</p>
      </Card>
    </article>
  );
}
