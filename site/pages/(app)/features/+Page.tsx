export default function Page() {
  return <div className="container"><h1>features</h1></div>
}
