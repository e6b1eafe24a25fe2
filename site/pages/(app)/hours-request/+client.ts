// The supervisor's answer, the one JavaScript of this HTML-only page besides the nav script.
import createClient from 'openapi-fetch'
import { provideApiModule } from '../../../src/api/client'
import { enhanceHoursRequest } from '../../../src/light/hoursRequest'

// The page calls the API as it starts: its client's module comes with the page's (src/api/client.ts).
provideApiModule(createClient)
void enhanceHoursRequest(document)
