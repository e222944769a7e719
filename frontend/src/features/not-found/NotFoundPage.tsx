import { useNavigate } from 'react-router-dom';
import { MSG } from '@vanhop/contracts';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <section className="not-found page">
      <h1>{MSG.notFound.title}</h1>
      <p>{MSG.notFound.body}</p>
      <button type="button" className="primary" onClick={() => navigate('/')}>
        {MSG.notFound.button}
      </button>
    </section>
  );
}

export default NotFoundPage;
