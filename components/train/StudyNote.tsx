/** Said on every drill page: the drill is the study of past trades, never a view on a stock today. */
export function StudyNote() {
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600" data-testid="study-note">
      训练题取自大神已公开的历史交割单，仅用于复盘学习，不代表对任何股票当前走势的判断，不构成投资建议。
    </p>
  );
}
