import { HomePage, type SearchParams } from "./_views/HomePage";

export default function NewHomePage({ searchParams }: { searchParams: SearchParams }) {
  return <HomePage searchParams={searchParams} />;
}
