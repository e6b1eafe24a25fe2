export default function Page() {
  return <div className="container"><h1>login</h1></div>
}
