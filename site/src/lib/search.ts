/** Case-insensitive substring match on the organization name (the spec's civic index search). */
export function filterByName<T extends { name: string }>(items: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase()
  if (!q) return [...items]
  return items.filter((item) => item.name.toLowerCase().includes(q))
}
