export default function Page() {
  return <div className="container"><h1>organizations</h1></div>
}
