import { usePageContext } from 'vike-react/usePageContext'

export default function Page() {
  const { is404 } = usePageContext()
  return (
    <div className="container">
      <h1>{is404 ? 'Page not found' : 'Something went wrong'}</h1>
      <p>{is404 ? "This page doesn't exist." : 'Please try again later.'}</p>
      <p><a className="btn" href="/">Go to the home page</a></p>
    </div>
  )
}
