// POST (Netlify's deploy-building event, { payload: deploy }) -> records it in the publish state
import { deployEventHandler } from '../../src/server/publishing/deploy-events';

export default deployEventHandler('deploy-building');
