export default function Page() {
  return <div className="container"><h1>dashboard</h1></div>
}
