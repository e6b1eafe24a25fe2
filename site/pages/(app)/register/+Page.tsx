export default function Page() {
  return <div className="container"><h1>register</h1></div>
}
