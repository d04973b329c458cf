export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (<html lang="zh-CN"><body>{children}</body></html>);
}
