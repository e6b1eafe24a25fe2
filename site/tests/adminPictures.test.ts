// The web editor's thumbnails: which picture values Decap is asked to read from the entry's folder.
import { describe, expect, it } from 'vitest'
import { ownFolder, pictureLookup } from '../src/admin/entryPictures'

describe('ownFolder', () => {
  it('fills in the entry file name, or leaves the collection folder for a new entry', () => {
    expect(ownFolder('/images/organizations/{{filename}}', 'content/organizations/keenstl.yaml')).toBe('/images/organizations/keenstl')
    expect(ownFolder('/images/organizations/{{filename}}', '')).toBe('/images/organizations')
    expect(ownFolder('', 'content/pages/home.yaml')).toBe('')
  })
})

describe('pictureLookup', () => {
  const folder = '/images/organizations/keenstl'
  it('reads a picture of the entry own folder from the backend', () => {
    expect(pictureLookup('/images/organizations/keenstl/photo-1.jpg', folder)).toBe('images/organizations/keenstl/photo-1.jpg')
  })
  it('leaves pictures elsewhere, and full addresses, to the site', () => {
    expect(pictureLookup('/images/organizations/washu/photo-1.jpg', folder)).toBe('/images/organizations/washu/photo-1.jpg')
    expect(pictureLookup('/images/organizations/keenstl/old/photo.jpg', folder)).toBe('/images/organizations/keenstl/old/photo.jpg')
    expect(pictureLookup('https://example.org/photo.jpg', folder)).toBe('https://example.org/photo.jpg')
    expect(pictureLookup('/images/organizations/keenstl/photo-1.jpg', '')).toBe('/images/organizations/keenstl/photo-1.jpg')
  })
})
