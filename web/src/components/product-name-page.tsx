/** What every route shows until its page arrives with its issue: the product name and nothing else. */
export function ProductNamePage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6">
      <title>Tessera</title>
      <img src="/tessera.svg" alt="" className="size-14" />
      <h1 className="text-4xl font-semibold tracking-tight">Tessera</h1>
    </main>
  );
}
