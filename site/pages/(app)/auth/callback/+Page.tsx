export default function Page() {
  return <div className="container"><h1>auth/callback</h1></div>
}
