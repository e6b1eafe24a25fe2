export default function Page() {
  return <div className="container"><h1>verify</h1></div>
}
