/** Save a fetched file under `name` (an object URL clicked through a temporary download link). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoked after the click has handed the file to the browser's download.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
