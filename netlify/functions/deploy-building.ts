// POST (Netlify's deploy-building event, { payload: deploy }) -> records it in the publish state
import { deployEventHandler } from '../../src/server/workflows/deploy-events';

export default deployEventHandler('deploy-building');
