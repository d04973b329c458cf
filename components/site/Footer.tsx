import Link from "@/components/ui/Link";

export function Footer({ siteName }: { siteName: string }) {
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between">
        <nav className="flex flex-wrap gap-x-5 gap-y-2">
          <Link href="/disclaimer" className="hover:text-slate-800">免责声明</Link>
          <Link href="/terms" className="hover:text-slate-800">用户协议</Link>
          <Link href="/price" className="hover:text-slate-800">会员价格</Link>
          <Link href="/search" className="hover:text-slate-800">搜索</Link>
          {/* not prefetched: a render of every master's drill count for a link few follow from the footer */}
          <Link href="/train" prefetch={false} className="hover:text-slate-800">交易训练</Link>
        </nav>
        <p>© {new Date().getFullYear()} {siteName} · 内容仅供学习参考，不构成投资建议</p>
      </div>
    </footer>
  );
}
