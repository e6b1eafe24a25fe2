// The web editor's thumbnails of pictures an entry already has.
//
// Decap CMS (3.x, decap-cms-lib-util's isAbsolutePath) takes a picture value starting with `/`
// as a URL of the site and shows it as is. Our values are such paths (/images/organizations/
// keenstl/photo-1.jpg), and the site publishes resized copies only (photo-1-960.webp), so every
// existing photo showed as a broken thumbnail, locally and on GitHub. A value without the leading
// `/` is read from the entry's media folder instead (config.yml: content/images/organizations/
// {{filename}}), through the backend, as Decap does for the pictures it uploads. Decap has no
// option for this: the image widget is wrapped, and given the value without its `/` when the
// picture is in the entry's own folder. tests/e2e/test_web_editor.py fails if Decap changes.

interface Immutable {
  get(key: string): unknown
}

interface WidgetProps {
  entry: Immutable
  collection: Immutable
  getAsset: (path: string, field: unknown) => unknown
  [key: string]: unknown
}

export interface Widget {
  control: unknown
  preview?: unknown
  schema?: unknown
  globalStyles?: unknown
  allowMapValue?: boolean
}

type GetAsset = WidgetProps['getAsset']

interface Wrapper {
  props: WidgetProps
  state: { tries: number }
  setState(state: { tries: number }): void
  inner?: unknown
  timer?: ReturnType<typeof setTimeout>
  cached?: { from: GetAsset; key: string; to: GetAsset }
  getAsset(): GetAsset
  retry(): void
  setInner(inner: unknown): void
}

// Decap answers with this placeholder while it reads a picture, and the control asks again
// only when its getAsset changes: so it is changed, a few times a second, until the picture is
// there (or Decap gave up, and answers with the value itself).
const LOADING = 'empty.svg'
const RETRY_MS = 250
const MAX_TRIES = 40

declare global {
  interface Window {
    // Decap's bundle exposes React's createElement and create-react-class for extensions.
    h?: (type: unknown, props: Record<string, unknown>) => unknown
    createClass?: (spec: Record<string, unknown>) => unknown
  }
}

/** The folder of the site where the entry's pictures are: the collection's public_folder, filled in. */
export function ownFolder(publicFolder: string, entryPath: string): string {
  const filename = entryPath.split('/').pop()?.replace(/\.[^.]*$/, '') ?? ''
  return publicFolder.replace('{{filename}}', filename).replace(/\/+$/, '')
}

/** The value Decap is asked for: a picture in the entry's own folder loses its leading `/`. */
export function pictureLookup(value: string, folder: string): string {
  if (!folder || !value.startsWith('/')) return value
  const at = value.lastIndexOf('/')
  return value.slice(0, at) === folder ? value.slice(1) : value
}

/** The image widget, reading the entry's own pictures from its media folder. */
export function withEntryPictures(image: Widget): Record<string, unknown> {
  const h = window.h
  const createClass = window.createClass
  if (!h || !createClass) throw new Error("The editor's program is not the expected version of Decap CMS. Rebuild the site with `make build` and reload this page.")
  const controlComponent = createClass({
    displayName: 'EntryPicturesImageControl',
    getInitialState() {
      return { tries: 0 }
    },
    componentWillUnmount(this: Wrapper) {
      clearTimeout(this.timer)
    },
    // Decap's Widget talks to the real control (isValid, shouldComponentUpdate) through this.
    getWrappedInstance(this: Wrapper) {
      return this.inner
    },
    setInner(this: Wrapper, inner: unknown) {
      this.inner = inner
    },
    retry(this: Wrapper) {
      if (this.timer !== undefined || this.state.tries >= MAX_TRIES) return
      this.timer = setTimeout(() => {
        this.timer = undefined
        this.setState({ tries: this.state.tries + 1 })
      }, RETRY_MS)
    },
    getAsset(this: Wrapper): GetAsset {
      const { collection, entry, getAsset } = this.props
      const folder = ownFolder(String(collection.get('public_folder') ?? ''), String(entry.get('path') ?? ''))
      const key = `${folder}|${this.state.tries}`
      // The same function while nothing changes: the control reloads a thumbnail when it changes.
      if (this.cached?.from !== getAsset || this.cached.key !== key) {
        const to: GetAsset = (path, field) => {
          const asset = getAsset(pictureLookup(path, folder), field) as { path?: string } | undefined
          if (path && asset?.path === LOADING) this.retry()
          return asset
        }
        this.cached = { from: getAsset, key, to }
      }
      return this.cached.to
    },
    render(this: Wrapper) {
      // create-react-class binds setInner to this instance once: the same ref on every render.
      return h(image.control, { ...this.props, getAsset: this.getAsset(), ref: this.setInner })
    },
  })
  return {
    name: 'image',
    controlComponent,
    previewComponent: image.preview,
    schema: image.schema,
    globalStyles: image.globalStyles,
    allowMapValue: image.allowMapValue,
  }
}
